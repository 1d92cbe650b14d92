import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The deployment test's TLS: a throw-away certificate authority and a certificate for the public host, in the files
 * the proxy expects (fullchain.pem, privkey.pem; docs/operations.md, "What the operator decides"), plus ca.pem for the test client and the
 * containers that call the public host. Made with Debian's openssl.
 */
export function makeCertificates(dir: string, host: string): { ca: string } {
  mkdirSync(dir, { recursive: true });
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=Kundenportal Deployment Test CA',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign',
    '-keyout', file('ca.key'), '-out', file('ca.pem'));
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', `/CN=${host}`, '-keyout', file('privkey.pem'), '-out', file('server.csr'));
  writeFileSync(file('server.ext'), `subjectAltName=DNS:${host}\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n`);
  openssl('x509', '-req', '-in', file('server.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial', '-days', '2',
    '-extfile', file('server.ext'), '-out', file('fullchain.pem'));
  // The containers read ca.pem as their own user; the key stays with root (nginx's master process).
  chmodSync(dir, 0o755);
  chmodSync(file('ca.pem'), 0o644);
  chmodSync(file('fullchain.pem'), 0o644);
  chmodSync(file('privkey.pem'), 0o600);
  return { ca: readFileSync(file('ca.pem'), 'utf8') };
}
