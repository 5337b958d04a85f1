/**
 * The least a production start needs (server/env.ts refuses anything less; docs/operations.md): tests
 * that start the app as production spread this and override what they are about.
 */
export const PRODUCTION_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  // Required in production (the embedded database is refused); tests that build the app give it their own database.
  DATABASE_URL: 'postgres://bachat@db.internal:5432/bachat',
  // `openssl rand -base64 36`, for the tests only: server/env.ts judges its entropy.
  APP_SECRET: 'vl7WjvYknb1k+ZJSDdYi9N1XpN0G8Y8vbLgjOd+n4qGoz4Go',
  PAYMENT_PROVIDER: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_test_abcdef123456',
  RAZORPAY_KEY_SECRET: 'key-secret-123',
  RAZORPAY_WEBHOOK_SECRET: 'webhook-secret-123',
  EMAIL_PROVIDER: 'smtp',
  SMTP_URL: 'smtps://mailer:mail-password@smtp.example.in:465',
  INVOICE_SUPPLIER_NAME: 'Bachat Technologies Private Limited',
  INVOICE_SUPPLIER_GSTIN: '29AAHCB4721K1ZH',
  INVOICE_SUPPLIER_ADDRESS: '3rd Floor, 80 Feet Road, Koramangala 4th Block, Bengaluru, Karnataka 560034',
};
