/** Host names that never leave this machine. */
export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Whether an outside system may be called at this address: https, or plain http on loopback
 * (the emulators). The API key and the Arena password travel in every request's headers or body.
 * @example isHttpsOrLoopback(new URL('http://127.0.0.1:8080/v1')) // → true
 */
export function isHttpsOrLoopback(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname));
}

/**
 * A redirect is never followed: it would carry the API key or the session to wherever it points.
 * The message names the address the reply pointed to.
 */
export function redirectMessage(status: number, location: string | null): string {
  return `replied HTTP ${status}, a redirect to ${location ?? '(no Location given)'}, which is not followed; check the base URL`;
}
