import { describe, expect, it } from 'vitest';
import { isPublicAddress, parseIPv6 } from '../../../server/services/listing/addressPolicy';
import { checkFetchUrl, isAllowedHost } from '../../../server/services/listing/hostPolicy';

describe('#isPublicAddress', () => {
  it.each([
    // IPv4 public
    ['8.8.8.8', true],
    ['151.101.1.1', true],
    ['100.63.255.255', true],
    ['100.128.0.0', true],
    ['172.15.255.255', true],
    ['172.32.0.0', true],
    ['192.169.0.1', true],
    ['223.255.255.255', true],
    // IPv4 refused
    ['0.0.0.0', false],
    ['10.0.0.1', false],
    ['10.255.255.255', false],
    ['100.64.0.1', false],
    ['100.100.100.200', false], // Alibaba Cloud metadata
    ['127.0.0.1', false],
    ['127.255.0.1', false],
    ['169.254.169.254', false], // AWS, GCP, Azure metadata
    ['169.254.0.1', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.0.0.170', false],
    ['192.0.2.1', false],
    ['192.168.1.1', false],
    ['198.18.0.1', false],
    ['224.0.0.1', false],
    ['239.255.255.250', false],
    ['255.255.255.255', false],
    // IPv6 public
    ['2a00:1450:4001:80b::200e', true],
    ['2606:4700::6810:84e5', true],
    ['2001:4860:4860::8888', true],
    ['::ffff:8.8.8.8', true],
    ['64:ff9b::808:808', true],
    ['2002:0808:0808::1', true],
    // IPv6 refused
    ['::', false],
    ['::1', false],
    ['[::1]', false],
    ['0:0:0:0:0:0:0:1', false],
    ['fe80::1', false],
    ['fe80::1%eth0', false],
    ['fc00::1', false],
    ['fd00:ec2::254', false], // AWS IPv6 metadata
    ['fec0::1', false],
    ['ff02::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:7f00:1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:169.254.169.254', false],
    ['::127.0.0.1', false],
    ['64:ff9b::a00:1', false], // NAT64 of 10.0.0.1
    ['2002:7f00:1::', false], // 6to4 of 127.0.0.1
    ['2001:0:4136:e378::1', false], // Teredo
    ['2001:db8::1', false],
    ['100::1', false],
    // Not an address at all: refused, never trusted
    ['', false],
    ['localhost', false],
    ['1.2.3', false],
    ['01.2.3.4', false],
    ['256.1.1.1', false],
    ['1:2:3:4:5:6:7:8:9', false],
    ['1::2::3', false],
    ['gggg::1', false],
  ])('%s -> %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('#parseIPv6', () => {
  it.each([
    ['::1', [...new Array<number>(15).fill(0), 1]],
    ['::ffff:1.2.3.4', [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 1, 2, 3, 4]],
    ['2001:db8::ff00:42:8329', [0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0xff, 0, 0, 0x42, 0x83, 0x29]],
    ['1:2:3:4:5:6:7::', [0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 0]],
    ['1:2:3:4:5:6:7:8::', null],
    [':::', null],
  ])('%s', (text, expected) => {
    expect(parseIPv6(text)).toEqual(expected);
  });
});

describe('#isAllowedHost', () => {
  it.each([
    ['www.airbnb.de', 'page', true],
    ['www.airbnb.com.br', 'page', true],
    ['www.booking.com', 'page', true],
    ['a0.muscache.com', 'page', false],
    ['cf.bstatic.com', 'page', false],
    ['a0.muscache.com', 'image', true],
    ['z1.muscache.com', 'image', true],
    ['cf.bstatic.com', 'image', true],
    ['www.booking.com', 'image', true],
    ['muscache.com', 'image', false],
    ['a0.muscache.com.evil.net', 'image', false],
    ['example.com', 'page', false],
    ['metadata.google.internal', 'page', false],
  ] as const)('%s as %s -> %s', (host, kind, expected) => {
    expect(isAllowedHost(host, kind)).toBe(expected);
  });
});

describe('#checkFetchUrl', () => {
  it.each([
    ['https://www.airbnb.de/rooms/12345678', 'page', 'ok'],
    ['https://a0.muscache.com/im/pictures/x.jpeg', 'image', 'ok'],
    ['http://www.airbnb.de/rooms/12345678', 'page', 'PROTOCOL_NOT_ALLOWED'],
    ['ftp://www.airbnb.de/', 'page', 'PROTOCOL_NOT_ALLOWED'],
    ['file:///etc/passwd', 'page', 'PROTOCOL_NOT_ALLOWED'],
    ['data:text/html,x', 'page', 'PROTOCOL_NOT_ALLOWED'],
    ['https://www.airbnb.de:8443/', 'page', 'PORT_NOT_ALLOWED'],
    ['https://user:pw@www.airbnb.de/', 'page', 'INVALID_URL'],
    ['not a url', 'page', 'INVALID_URL'],
    ['https://127.0.0.1/', 'page', 'ADDRESS_NOT_ALLOWED'],
    ['https://2130706433/', 'page', 'ADDRESS_NOT_ALLOWED'], // 127.0.0.1 as one number
    ['https://0x7f.0.0.1/', 'page', 'ADDRESS_NOT_ALLOWED'],
    ['https://10.0.0.1/', 'page', 'ADDRESS_NOT_ALLOWED'],
    ['https://169.254.169.254/latest/meta-data/', 'page', 'ADDRESS_NOT_ALLOWED'],
    ['https://[::1]/', 'page', 'ADDRESS_NOT_ALLOWED'],
    ['https://[::ffff:127.0.0.1]/', 'page', 'ADDRESS_NOT_ALLOWED'],
    ['https://[fd00:ec2::254]/', 'page', 'ADDRESS_NOT_ALLOWED'],
    ['https://8.8.8.8/', 'page', 'HOST_NOT_ALLOWED'],
    ['https://example.com/', 'page', 'HOST_NOT_ALLOWED'],
    ['https://www.airbnb.de.evil.com/', 'page', 'HOST_NOT_ALLOWED'],
    ['https://a0.muscache.com/x.jpeg', 'page', 'HOST_NOT_ALLOWED'],
  ] as const)('%s as %s -> %s', (url, kind, expected) => {
    const result = checkFetchUrl(url, kind);
    expect(result.ok ? 'ok' : result.reason).toBe(expected);
  });
});
