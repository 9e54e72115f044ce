import { describe, expect, it } from 'vitest';
import { resolveTargets, UnknownTargetError, type TargetMap } from '../src';

type M = 'identity' | 'listings' | 'search' | 'gateway';
const map: TargetMap<M> = {
  dependencies: { identity: [], listings: [], search: ['listings'], gateway: [] },
  groups: { backend: ['identity', 'search'] },
};

describe('target map', () => {
  it('runs every module for target all, dependencies first', () => {
    expect(resolveTargets(map, 'all')).toEqual(['identity', 'listings', 'search', 'gateway']);
  });
  it('runs one module with what it depends on', () => {
    expect(resolveTargets(map, 'search')).toEqual(['listings', 'search']);
    expect(resolveTargets(map, 'gateway')).toEqual(['gateway']);
  });
  it('accepts several targets and groups, each module once', () => {
    expect(resolveTargets(map, 'backend, gateway,identity')).toEqual(['identity', 'listings', 'search', 'gateway']);
  });
  it('names the known targets when given an unknown one', () => {
    expect(() => resolveTargets(map, 'billing')).toThrow(UnknownTargetError);
    expect(() => resolveTargets(map, 'billing')).toThrow(/known targets: all, identity, listings, search, gateway, backend/);
    expect(() => resolveTargets(map, ' ')).toThrow(/no target given/);
  });
  it('reports a dependency cycle', () => {
    const cyclic: TargetMap<'a' | 'b'> = { dependencies: { a: ['b'], b: ['a'] } };
    expect(() => resolveTargets(cyclic, 'a')).toThrow(/cycle: a → b → a/);
  });
});
