import { describe, expect, it } from 'vitest';
import { deletionBlockedMessage } from './account-deletion.rules.ts';
import { avatarFormatOf, avatarKeyOf, dimensionsAllowed } from './avatar.rules.ts';

describe('account deletion rules', () => {
  it('nothing open: no refusal', () => {
    expect(deletionBlockedMessage({ escrow: 0, disputes: 0, listingsWithBuyers: 0, acceptedBids: 0 })).toBeNull();
  });
  it('names each thing to settle, counted', () => {
    expect(deletionBlockedMessage({ escrow: 2, disputes: 1, listingsWithBuyers: 0, acceptedBids: 3 })).toBe(
      'Settle these before deleting your account: 2 payments in escrow (wait until released or refunded); 1 open dispute (wait until an administrator settles it); 3 accepted bids waiting for payment.',
    );
  });
});

describe('avatar rules', () => {
  it('tells formats by their first bytes', () => {
    expect(avatarFormatOf(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(avatarFormatOf(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(avatarFormatOf(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(avatarFormatOf(new TextEncoder().encode('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(avatarFormatOf(new TextEncoder().encode('<svg'))).toBeNull();
    expect(avatarFormatOf(new Uint8Array())).toBeNull();
  });
  it('bounds each side and the pixels', () => {
    expect(dimensionsAllowed(4000, 4000)).toBe(true);
    expect(dimensionsAllowed(6001, 10)).toBe(false);
    expect(dimensionsAllowed(6000, 6000)).toBe(false);
    expect(dimensionsAllowed(0, 10)).toBe(false);
  });
  it('an uploaded avatar is only the user’s own address with a hex version', () => {
    const id = '0196c4a0-0000-7000-8000-000000000001';
    expect(avatarKeyOf(id, `/api/users/${id}/avatar?v=0123456789abcdef`)).toBe(`avatars/${id}/0123456789abcdef.webp`);
    expect(avatarKeyOf(id, `/api/users/other/avatar?v=0123456789abcdef`)).toBeNull();
    expect(avatarKeyOf(id, `/api/users/${id}/avatar?v=../../etc`)).toBeNull();
    expect(avatarKeyOf(id, 'https://img.example.com/a.png')).toBeNull();
    expect(avatarKeyOf(id, null)).toBeNull();
  });
});
