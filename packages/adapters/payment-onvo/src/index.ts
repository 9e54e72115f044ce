export { createOnvoProvider, checkOnvoOptions, intentState, ONVO_DEFAULT_API_URL, ONVO_WEBHOOK_SECRET_HEADER, ONVO_PAYMENT_EVENTS } from './onvo';
export type { OnvoOptions } from './onvo';
