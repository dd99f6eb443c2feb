/** The host of an endpoint, for a message; a generic name when it cannot be read. */
export function endpointHost(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'le service de notifications';
  }
}
