import { describe, expect, it } from 'vitest';
import { maskPhone, smsSignPayload } from './auth';

describe('smsSignPayload (spec §7)', () => {
  it('sorts the header fields by name, writes name=value&, and appends the key right after the last &', () => {
    const payload = smsSignPayload(
      {
        userAgent: 'UA',
        ts: '1795300000',
        expire: '300',
        netIp: '1.2.3.4',
        clientType: 'pcweb',
        phone: '13800138000',
      },
      'KEY',
    );
    expect(payload).toBe(
      'clientType=pcweb&expire=300&netIp=1.2.3.4&phone=13800138000&ts=1795300000&userAgent=UA&KEY',
    );
  });
});

describe('maskPhone', () => {
  it.each([
    ['13800138000', '138****8000'],
    ['91234567', '912****4567'],
    ['12345', '1****'],
  ])('%s → %s', (phone, masked) => expect(maskPhone(phone)).toBe(masked));
});
