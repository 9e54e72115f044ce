import { describe, expect, it } from 'vitest';
import { resolveTargets, UnknownTargetError, type TargetMap } from '../src';

type M = 'identity' | 'listings' | 'search' | 'gateway';
const map: TargetMap<M> = {
  modules: ['identity', 'listings', 'search', 'gateway'],
  groups: { backend: ['identity', 'search'] },
};

describe('target map', () => {
  it('runs every module for target all, in the map order', () => {
    expect(resolveTargets(map, 'all')).toEqual(['identity', 'listings', 'search', 'gateway']);
  });
  it('runs one module alone', () => {
    expect(resolveTargets(map, 'search')).toEqual(['search']);
    expect(resolveTargets(map, 'gateway')).toEqual(['gateway']);
  });
  it('accepts several targets and groups, each module once, in the map order', () => {
    expect(resolveTargets(map, 'gateway, backend,identity')).toEqual(['identity', 'search', 'gateway']);
  });
  it('names the known targets when given an unknown one', () => {
    expect(() => resolveTargets(map, 'billing')).toThrow(UnknownTargetError);
    expect(() => resolveTargets(map, 'billing')).toThrow(/known targets: all, identity, listings, search, gateway, backend/);
    expect(() => resolveTargets(map, ' ')).toThrow(/no target given/);
  });
});
