import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as never);

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };

/** A certificate authority made by the test and a server certificate for 127.0.0.1 and localhost. */
export interface TestCertificates {
  /** The CA certificate (PEM) a client must trust. */
  ca: string;
  /** The server certificate (PEM). */
  cert: string;
  /** The server key (PEM, PKCS#8). */
  key: string;
}

function pem(label: string, data: ArrayBuffer): string {
  const base64 = Buffer.from(data).toString('base64').replace(/.{64}/g, '$&\n');
  return `-----BEGIN ${label}-----\n${base64}\n-----END ${label}-----\n`;
}

/** An exportable signing key pair of {@link ALGORITHM}. */
async function generateKeyPair(): Promise<webcrypto.CryptoKeyPair> {
  return (await webcrypto.subtle.generateKey(ALGORITHM, true, [
    'sign',
    'verify',
  ])) as webcrypto.CryptoKeyPair;
}

/** Generates a CA and a leaf certificate signed by it (ECDSA P-256, valid for a day). */
export async function createTestCertificates(): Promise<TestCertificates> {
  const notBefore = new Date(Date.now() - 60_000);
  const notAfter = new Date(Date.now() + 86_400_000);
  const caKeys = await generateKeyPair();
  const caCert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: 'CN=cash test CA',
    notBefore,
    notAfter,
    keys: caKeys,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign,
        true,
      ),
    ],
  });
  const leafKeys = await generateKeyPair();
  const leafCert = await x509.X509CertificateGenerator.create({
    serialNumber: '02',
    subject: 'CN=127.0.0.1',
    issuer: caCert.subject,
    notBefore,
    notAfter,
    publicKey: leafKeys.publicKey,
    signingKey: caKeys.privateKey,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.SubjectAlternativeNameExtension([
        { type: 'ip', value: '127.0.0.1' },
        { type: 'dns', value: 'localhost' },
      ]),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
    ],
  });
  const key = await webcrypto.subtle.exportKey('pkcs8', leafKeys.privateKey);
  return {
    ca: caCert.toString('pem'),
    cert: leafCert.toString('pem'),
    key: pem('PRIVATE KEY', key),
  };
}

/** An HTTPS server on 127.0.0.1 with an ephemeral port. */
export interface TestHttpsServer {
  /** `https://127.0.0.1:PORT`. */
  origin: string;
  port: number;
  close(): Promise<void>;
}

/** Starts an HTTPS server with `certificates` answering with `handler`. */
export async function startHttpsServer(
  certificates: TestCertificates,
  handler: (request: IncomingMessage, response: ServerResponse) => void | Promise<void>,
): Promise<TestHttpsServer> {
  const server: Server = createServer(
    { key: certificates.key, cert: certificates.cert },
    (request, response) => {
      Promise.resolve(handler(request, response)).catch(() => {
        if (!response.headersSent) response.writeHead(500);
        response.end();
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `https://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
