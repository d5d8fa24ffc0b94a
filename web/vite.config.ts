import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

// The server (port 5000) serves web/dist in production; in development Vite serves the
// client and forwards the server's routes to it.
const serverUrl = 'http://localhost:5000'

export default defineConfig({
  root: here('.'),
  publicDir: here('./public'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@common': here('../common'), '@': here('./src') },
  },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': serverUrl,
      '/yelp': serverUrl,
      '/reply': serverUrl,
    },
  },
})
