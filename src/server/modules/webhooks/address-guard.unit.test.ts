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

  // Issue 18: every spelling of a non-public address, each refused by what it stands for.
  it.each([
    // ipaddr.js reads the dotted `::a.b.c.d` as mapped; URLs and DNS give the hex `::7f00:1`.
    ['::127.0.0.1', /\(127\.0\.0\.1\) is not a public address \(loopback\)/],
    ['::7f00:1', /::7f00:1 \(127\.0\.0\.1\) is not a public address \(loopback\)/],
    ['::a00:1', /::a00:1 \(10\.0\.0\.1\) .*\(private\)/],
    ['::10.0.0.1', /\(10\.0\.0\.1\) .*\(private\)/],
    ['::ffff:192.168.1.1', /\(192\.168\.1\.1\) .*\(private\)/],
    ['::ffff:0:127.0.0.1', /rfc6145, carrying 127\.0\.0\.1/],
    ['64:ff9b::10.0.0.1', /rfc6052, carrying 10\.0\.0\.1/],
    ['64:ff9b::8.8.8.8', /rfc6052, carrying 8\.8\.8\.8/],
    ['64:ff9b:1::a00:1', /rfc6052/],
    ['2002:7f00:1::', /6to4, carrying 127\.0\.0\.1/],
    ['2002:c0a8:101::1', /6to4, carrying 192\.168\.1\.1/],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', /teredo, carrying 127\.0\.0\.1/],
    ['2130706433', /127\.0\.0\.1 is not a public address \(loopback\)/],
    ['0177.0.0.1', /127\.0\.0\.1 .*loopback/],
    ['0x7f.1', /127\.0\.0\.1 .*loopback/],
    ['0x7f000001', /127\.0\.0\.1 .*loopback/],
    ['127.1', /127\.0\.0\.1 .*loopback/],
    ['012.1', /10\.0\.0\.1 .*private/],
    ['4000::1', /outside global unicast/],
    ['2001:db8::1', /reserved/],
    ['100::1', /discard/],
    ['198.18.0.1', /reserved/],
    ['255.255.255.255', /broadcast/],
  ])('refuses %s whatever its spelling', (address, reason) => {
    expect(addressRefusal(address, false)).toMatch(reason);
  });

  it('still accepts a public address in an IPv4-compatible or mapped spelling', () => {
    expect(addressRefusal('::ffff:93.184.216.34', false)).toBeNull();
    expect(addressRefusal('::5db8:d822', false)).toBeNull();
  });

  it('always refuses the cloud metadata addresses, even when private targets are allowed', () => {
    expect(addressRefusal('169.254.169.254', true)).toContain('metadata');
    expect(addressRefusal('fd00:ec2::254', true)).toContain('metadata');
    expect(addressRefusal('::ffff:169.254.169.254', true)).toContain('metadata');
    expect(addressRefusal('::a9fe:a9fe', true)).toContain('metadata');
    expect(addressRefusal('2852039166', true)).toContain('metadata');
    expect(addressRefusal('0xa9.0xfe.0xa9.0xfe', true)).toContain('metadata');
    expect(addressRefusal('64:ff9b::169.254.169.254', true)).toContain('metadata');
    expect(addressRefusal('2002:a9fe:a9fe::', true)).toContain('metadata');
    // Teredo stores the client's address inverted: 169.254.169.254 is 5601:5601.
    expect(addressRefusal('2001:0:4136:e378:8000:63bf:5601:5601', true)).toContain('metadata');
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

  it.each([
    'http://[::127.0.0.1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:0:127.0.0.1]/',
    'http://[64:ff9b::127.0.0.1]/',
    'http://[2002:7f00:1::1]/',
    'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://0x7f.1/',
    'http://127.1/',
    'http://0x7f000001:8080/',
  ])('refuses the URL %s, which names a loopback address', async (url) => {
    await expect(refuse(url)).rejects.toThrow(/127\.0\.0\.1/);
  });

  it.each([
    ['::127.0.0.1', 6],
    ['64:ff9b::a00:1', 6],
    ['2002:a00:1::', 6],
    ['2001:0:4136:e378:8000:63bf:f5ff:fffe', 6],
    ['0177.0.0.1', 4],
  ] as const)('refuses a name whose DNS answer is %s', async (address, family) => {
    const resolver: Resolver = async () => [{ address, family }];
    await expect(refuse('https://rebind.test/', resolver)).rejects.toThrow(
      /rebind\.test resolves to .* is not a public address/,
    );
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
