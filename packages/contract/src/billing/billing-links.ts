import { z } from 'zod';
import { ZSingleLineText } from '../common';
import { defineRoute } from '../http';

/** Body not shown in the spec; an optional same-origin path to come back to. */
export const ZBillingReturnRequest = z
  .object({ returnPath: ZSingleLineText.max(512).optional() })
  .default({});

export const updatePaymentMethodRoute = defineRoute({
  method: 'POST',
  path: '/billing/update-payment-method',
  summary: 'Address of the page where the card can be changed',
  tag: 'billing',
  auth: true,
  body: ZBillingReturnRequest,
  response: z.object({ updateUrl: z.url() }),
  errors: ['UNAUTHORIZED', 'NOT_FOUND', 'PAYMENT_ERROR'],
});

export const customerPortalRoute = defineRoute({
  method: 'POST',
  path: '/billing/customer-portal',
  summary: "Address of the card provider's customer portal",
  tag: 'billing',
  auth: true,
  body: ZBillingReturnRequest,
  response: z.object({ portalUrl: z.url() }),
  errors: ['UNAUTHORIZED', 'NOT_FOUND', 'PAYMENT_ERROR'],
});

export const ZInvoiceParams = z.object({ id: ZSingleLineText.min(1).max(255) });

export const downloadInvoiceRoute = defineRoute({
  method: 'GET',
  path: '/billing/invoices/:id/download',
  summary: 'Address of an invoice PDF',
  tag: 'billing',
  auth: true,
  params: ZInvoiceParams,
  response: z.object({ downloadUrl: z.url() }),
  errors: ['UNAUTHORIZED', 'NOT_FOUND'],
});
