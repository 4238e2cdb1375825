import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/config/env';

describe('environment', () => {
  it('is demo mode when VITE_API_URL is empty and uses the documented defaults', () => {
    const env = parseEnv({ VITE_API_URL: '' });
    expect(env.demo).toBe(true);
    expect(env.ipLookupUrl).toBe('https://api.ipify.org?format=json');
  });

  it('takes a real backend URL without its trailing slash', () => {
    const env = parseEnv({ VITE_API_URL: 'https://pb.example.com/', VITE_HOLDER_POSTAL_CODE: '01310-100' });
    expect(env).toMatchObject({
      demo: false,
      apiUrl: 'https://pb.example.com',
      holderPostalCode: '01310100',
    });
  });

  it.each([
    ['VITE_API_URL', 'pb.example.com'],
    ['VITE_IP_LOOKUP_URL', 'javascript:alert(1)'],
    ['VITE_DOCUMENTS_FORM_URL', 'not a url'],
    ['VITE_SUPPORT_EMAIL', 'contato'],
    ['VITE_HOLDER_POSTAL_CODE', '123'],
  ])('stops start-up naming %s when its value is bad', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(name);
  });
});
