/** The one admin of the end-to-end app (ADMIN_EMAILS); e2e/admin.e2e.ts signs it up. */
export const E2E_ADMIN_EMAIL = 'admin-e2e@example.com';
