ALTER TABLE "leads" ADD COLUMN "source" text DEFAULT 'yelp' NOT NULL;
