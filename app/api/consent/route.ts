/** The record of a cookie consent decision (web/consent/send-record.ts sends it). */
import { handleConsentRecord } from '@/web/consent/server/record-request';

export const dynamic = 'force-dynamic';
export const POST = handleConsentRecord;
