import type { MessageTimestamp } from '../../../shared/domain/contact.ts';

/** The registration date as a French locale string, or N/A when it is missing (spec). */
export function formatTimestamp(timestamp: MessageTimestamp | null | undefined): string {
  if (!timestamp || !Number.isFinite(timestamp.seconds)) return 'N/A';
  return new Date(
    timestamp.seconds * 1000 + Math.floor(timestamp.nanoseconds / 1e6),
  ).toLocaleString('fr-FR');
}
