import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address.ts';

describe('the client a per-address limit counts', () => {
  it('is the address itself for IPv4, also when Node reports it as IPv6', () => {
    expect(clientAddress('192.0.2.17')).toEqual({ client: 'v4:192.0.2.17', site: null });
    expect(clientAddress('::ffff:192.0.2.17')).toEqual({ client: 'v4:192.0.2.17', site: null });
    expect(clientAddress('::FFFF:c000:0211')).toEqual({ client: 'v4:192.0.2.17', site: null });
  });

  it('is the /64 for IPv6, however the address is written, with its /48 as the site', () => {
    const one = clientAddress('2001:db8:aa:1:0:0:0:1');
    expect(one).toEqual({ client: 'v6:2001:db8:aa:1::/64', site: 'v6:2001:db8:aa::/48' });
    // Rotating within the /64 (privacy extensions, or an attacker) is the same client.
    expect(clientAddress('2001:db8:aa:1:dead:beef:1234:5678').client).toBe(one.client);
    expect(clientAddress('2001:0DB8:00AA:0001::ffff').client).toBe(one.client);
    expect(clientAddress('2001:db8:aa:1::7%eth0').client).toBe(one.client);
    // Another /64 of the same /48: another client, the same site.
    const other = clientAddress('2001:db8:aa:2::1');
    expect(other.client).not.toBe(one.client);
    expect(other.site).toBe(one.site);
    expect(clientAddress('::1')).toEqual({ client: 'v6:0:0:0:0::/64', site: 'v6:0:0:0::/48' });
    expect(clientAddress('2001:db8::')).toEqual({ client: 'v6:2001:db8:0:0::/64', site: 'v6:2001:db8:0::/48' });
  });

  it('keeps anything else apart by its text (never one shared bucket)', () => {
    expect(clientAddress('unknown')).toEqual({ client: 'other:unknown', site: null });
  });
});
