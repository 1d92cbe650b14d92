import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { signedInFormTargets, withSource } from './page-csp.ts';

describe('adding a source to a page CSP directive', () => {
  const policy = "default-src 'self';form-action 'self';frame-ancestors 'none'; script-src 'self' 'sha256-x'";

  it('adds the identity provider to form-action and leaves the other directives alone', () => {
    expect(withSource(policy, 'form-action', 'http://localhost:4010')).toBe(
      "default-src 'self';form-action 'self' http://localhost:4010;frame-ancestors 'none'; script-src 'self' 'sha256-x'",
    );
  });

  it('adds it once, and adds the directive when it is missing', () => {
    const once = withSource(policy, 'form-action', 'https://idp.example');
    expect(withSource(once, 'form-action', 'https://idp.example')).toBe(once);
    expect(withSource("default-src 'self'", 'form-action', 'https://idp.example')).toBe("default-src 'self';form-action https://idp.example;");
  });
});

describe('form targets of signed-in pages', () => {
  it('are the identity provider and the e-signature provider, each once', () => {
    expect(signedInFormTargets(loadConfig({}))).toEqual(['http://localhost:4010']);
    const production = loadConfig({ OIDC_ISSUER: 'https://login.example.de/realms/kunden', ESIGN_API_URL: 'https://demo.docusign.example/restapi/v2.1/accounts/1' });
    expect(signedInFormTargets(production)).toEqual(['https://login.example.de', 'https://demo.docusign.example']);
  });
});
