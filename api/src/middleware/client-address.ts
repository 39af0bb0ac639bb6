import type { MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import proxyaddr from 'proxy-addr';
import type { AppEnv } from '../types';

/** Which hops may speak for the client in `X-Forwarded-For`: the address and its distance from us. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/** Trusts nobody: the socket's peer is the client, whatever headers it sends. */
export const TRUST_NO_PROXY: ProxyTrust = () => false;

/**
 * The TRUSTED_PROXIES setting (addresses, CIDR ranges, or `loopback` / `linklocal` / `uniquelocal`)
 * as a trust function; empty trusts nobody.
 */
export function compileProxyTrust(list: readonly string[]): ProxyTrust {
  return list.length ? proxyaddr.compile([...list]) : TRUST_NO_PROXY;
}

function socketAddress(c: Parameters<typeof getConnInfo>[0]): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // In-process requests (app.request in tests) have no socket.
    return 'unknown';
  }
}

/**
 * Decides once per request which address the client has. A forwarded header is believed only
 * from a trusted proxy, and only as far back as the chain stays trusted: otherwise anyone could
 * name any address, slip past the login and lead-form limits, or lock a victim's address out.
 */
export function clientAddress(trust: ProxyTrust): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const remote = socketAddress(c);
    const forwarded = c.req.header('x-forwarded-for');
    const address =
      trust === TRUST_NO_PROXY || !forwarded
        ? remote
        : proxyaddr({ connection: { remoteAddress: remote }, headers: { 'x-forwarded-for': forwarded } } as never, trust);
    c.set('clientIp', address || remote);
    await next();
  };
}

/** Believes every forwarded hop: only for in-process requests (tests), which have no socket. */
export const TRUST_ANY_PROXY: ProxyTrust = () => true;
