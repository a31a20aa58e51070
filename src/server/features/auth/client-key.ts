import ipaddr from 'ipaddr.js';

/**
 * The client a sign-in throttle counts: an IPv4 address as it is, an IPv6 address by its /64
 * (one subscriber's network hands out a whole /64, so counting its addresses one by one would
 * give one attacker millions of fresh counters). An IPv4-mapped IPv6 address counts as IPv4.
 */
export function clientKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = (parsed as ipaddr.IPv6).parts.slice(0, 4).concat([0, 0, 0, 0]);
  return `${new ipaddr.IPv6(network).toString()}/64`;
}
