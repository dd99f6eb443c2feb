/** The registration date as a French locale string, or N/A when it is missing (docs/architecture.md). */
export function formatReceivedAt(receivedAt: number | null): string {
  return receivedAt === null ? 'N/A' : new Date(receivedAt).toLocaleString('fr-FR');
}
