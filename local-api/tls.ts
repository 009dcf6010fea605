/**
 * TLS certificates for the local API (browsers speak HTTP/2 only over TLS).
 *
 * Where Debian's `mkcert` is installed, the certificate comes from mkcert's local
 * authority, which `mkcert -install` makes trusted once for the whole machine. Otherwise
 * openssl makes a self-signed certificate, which a browser accepts after a one-time step
 * (see the README). Both are kept in a folder and reused while they cover the same names.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface TlsCertificate {
  readonly key: string;
  readonly cert: string;
  /** PEM of the authority that signed `cert`; absent when `cert` is self-signed. */
  readonly authority?: string;
}

export interface LocalCertificate extends TlsCertificate {
  readonly source: 'mkcert' | 'self-signed';
  readonly certFile: string;
  /** mkcert's authority, which a client trusts instead of the certificate itself. */
  readonly authorityFile?: string;
}

export function hasMkcert(): boolean {
  return spawnSync('mkcert', ['-help'], { stdio: 'ignore' }).status === 0;
}

function selfSigned(dir: string, hosts: readonly string[]): void {
  const names = hosts.map((host) => (/^[\d.]+$|:/.test(host) ? `IP:${host}` : `DNS:${host}`));
  const result = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
      '-days',
      '365',
      '-subj',
      `/CN=${hosts[0]}/O=Local API (development only)`,
      '-addext',
      `subjectAltName=${names.join(',')}`,
      '-addext',
      'extendedKeyUsage=serverAuth',
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0)
    throw new Error(
      `openssl could not make a certificate (${result.error?.message ?? result.stderr.trim()}); install openssl or mkcert`,
    );
}

/** A certificate for `hosts` in `dir`, made once and reused. */
export function localCertificate(
  dir: string,
  hosts: readonly string[],
  prefer: 'mkcert' | 'self-signed' = hasMkcert() ? 'mkcert' : 'self-signed',
): LocalCertificate {
  mkdirSync(dir, { recursive: true });
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  const recordFile = path.join(dir, 'names.json');
  const record = JSON.stringify({ hosts, source: prefer });
  const reusable =
    existsSync(certFile) &&
    existsSync(keyFile) &&
    existsSync(recordFile) &&
    readFileSync(recordFile, 'utf8') === record;
  if (!reusable) {
    if (prefer === 'mkcert') {
      const result = spawnSync('mkcert', ['-cert-file', certFile, '-key-file', keyFile, ...hosts], {
        encoding: 'utf8',
      });
      if (result.status !== 0) throw new Error(`mkcert failed: ${result.stderr.trim()}`);
    } else {
      selfSigned(dir, hosts);
    }
    writeFileSync(recordFile, record);
  }
  const authorityDir =
    prefer === 'mkcert'
      ? spawnSync('mkcert', ['-CAROOT'], { encoding: 'utf8' }).stdout.trim()
      : undefined;
  const authorityFile = authorityDir ? path.join(authorityDir, 'rootCA.pem') : undefined;
  return {
    key: readFileSync(keyFile, 'utf8'),
    cert: readFileSync(certFile, 'utf8'),
    source: prefer,
    certFile,
    ...(authorityFile && existsSync(authorityFile)
      ? { authorityFile, authority: readFileSync(authorityFile, 'utf8') }
      : {}),
  };
}

/** A self-signed certificate for this run only (tests that ignore certificate errors). */
export async function throwawayCertificate(
  hosts: readonly string[] = ['localhost', '127.0.0.1'],
): Promise<TlsCertificate> {
  const dir = mkdtempSync(path.join(tmpdir(), 'local-api-tls-'));
  try {
    selfSigned(dir, hosts);
    return {
      key: readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
