import { describe, expect, it } from 'vitest';
import { addressRefusal, resolveTarget, type Resolver } from './address-guard';

const refuse = (url: string, resolver?: Resolver, allowPrivate = false) =>
  resolveTarget(url, { allowPrivate, resolver });

describe('webhook address guard', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.9', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.10.10', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['::1', 'loopback'],
    ['fe80::1', 'linkLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['::', 'unspecified'],
  ])('refuses %s (%s)', (address, range) => {
    expect(addressRefusal(address, false)).toContain(range);
    expect(addressRefusal(address, true)).toBeNull();
  });

  it('reads an IPv4-mapped IPv6 address as the IPv4 it wraps', () => {
    expect(addressRefusal('::ffff:127.0.0.1', false)).toContain('loopback');
    expect(addressRefusal('::ffff:10.0.0.1', false)).toContain('private');
  });

  it('always refuses the cloud metadata addresses, even when private targets are allowed', () => {
    expect(addressRefusal('169.254.169.254', true)).toContain('metadata');
    expect(addressRefusal('fd00:ec2::254', true)).toContain('metadata');
    expect(addressRefusal('::ffff:169.254.169.254', true)).toContain('metadata');
  });

  it('accepts public addresses', () => {
    expect(addressRefusal('93.184.216.34', false)).toBeNull();
    expect(addressRefusal('2606:2800:220:1:248:1893:25c8:1946', false)).toBeNull();
  });

  it('refuses literal addresses in URLs, IPv6 in brackets too', async () => {
    await expect(refuse('http://127.0.0.1:8080/hook')).rejects.toThrow(/loopback/);
    await expect(refuse('https://[::1]/hook')).rejects.toThrow(/loopback/);
    await expect(refuse('http://169.254.169.254/latest/meta-data')).rejects.toThrow(/metadata/);
    await expect(refuse('http://[fd00:ec2::254]/')).rejects.toThrow(/metadata/);
    await expect(refuse('http://100.64.1.1/')).rejects.toThrow(/carrierGradeNat/);
  });

  it('refuses a hostname that resolves to a private address, after resolution', async () => {
    const resolver: Resolver = async (host) =>
      host === 'partner.test' ? [{ address: '127.0.0.1', family: 4 }] : [];
    await expect(refuse('https://partner.test/hooks', resolver)).rejects.toThrow(
      'partner.test resolves to 127.0.0.1 is not a public address (loopback)',
    );
  });

  it('refuses when any of the resolved addresses is private', async () => {
    const resolver: Resolver = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ];
    await expect(refuse('https://mixed.test/', resolver)).rejects.toThrow(/10\.0\.0\.5/);
  });

  it('answers the checked address to connect to', async () => {
    const resolver: Resolver = async () => [{ address: '93.184.216.34', family: 4 }];
    await expect(refuse('https://partner.test/', resolver)).resolves.toEqual({
      address: '93.184.216.34',
      family: 4,
    });
  });

  it('refuses names that do not resolve, other schemes and credentials', async () => {
    const nothing: Resolver = async () => {
      throw new Error('ENOTFOUND');
    };
    await expect(refuse('https://nowhere.test/', nothing)).rejects.toThrow(/does not resolve/);
    await expect(refuse('ftp://93.184.216.34/')).rejects.toThrow(/http/);
    await expect(refuse('https://user:pw@93.184.216.34/')).rejects.toThrow(/password/);
  });
});
