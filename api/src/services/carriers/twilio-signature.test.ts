import { describe, expect, it } from 'vitest';
import { isValidTwilioSignature, signedUrl, twilioSignature } from './twilio-signature';

const token = 'secret-auth-token';
const params = { MessageSid: 'SM1', From: '+16465550101', To: '+16465550199', Body: 'See you at 9 & bring coffee' };

describe('Twilio request signatures', () => {
  it('accepts the signature of the address exactly as signed', () => {
    const url = 'https://dealer.example.com/api/webhooks/twilio/sms';
    expect(isValidTwilioSignature(token, twilioSignature(token, url, params), url, params)).toBe(true);
  });

  it('accepts an address signed with or without its port, as Twilio may send either', () => {
    const withPort = 'https://dealer.example.com:443/api/webhooks/twilio/sms';
    const without = 'https://dealer.example.com/api/webhooks/twilio/sms';
    expect(isValidTwilioSignature(token, twilioSignature(token, withPort, params), without, params)).toBe(true);
    expect(isValidTwilioSignature(token, twilioSignature(token, without, params), withPort, params)).toBe(true);
  });

  it('refuses another token, another address, changed fields and a missing signature', () => {
    const url = 'https://dealer.example.com/api/webhooks/twilio/sms';
    const signature = twilioSignature(token, url, params);
    expect(isValidTwilioSignature('other-token', signature, url, params)).toBe(false);
    expect(isValidTwilioSignature(token, signature, 'https://dealer.example.com/api/webhooks/twilio/status', params)).toBe(false);
    expect(isValidTwilioSignature(token, signature, url, { ...params, Body: 'changed' })).toBe(false);
    expect(isValidTwilioSignature(token, undefined, url, params)).toBe(false);
    expect(isValidTwilioSignature(null, signature, url, params)).toBe(false);
    expect(isValidTwilioSignature(token, signature.slice(1), url, params)).toBe(false);
  });
});

describe('signedUrl', () => {
  it('puts the path and query as they arrived behind the public address', () => {
    expect(signedUrl('https://dealer.example.com/', 'http://127.0.0.1:3000/api/webhooks/twilio/status?mid=42')).toBe(
      'https://dealer.example.com/api/webhooks/twilio/status?mid=42',
    );
    expect(signedUrl('https://dealer.example.com', 'http://localhost/api/webhooks/twilio/sms')).toBe('https://dealer.example.com/api/webhooks/twilio/sms');
    expect(signedUrl('https://dealer.example.com', 'http://localhost')).toBe('https://dealer.example.com/');
  });
});
