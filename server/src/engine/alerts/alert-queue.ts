/** The durable delivery of one alert outbox row (engine/alerts/alert-delivery.job.ts). */
export const ALERT_DELIVERY_QUEUE = 'alert-delivery'

export interface AlertDeliveryJob {
  alertId: number
}
