/**
 * React's own useSyncExternalStore, for wouter's location hooks: they import the shim made for
 * React 17 and older, which on React 19 only adds bytes (vite.config.ts points it here).
 */
export { useSyncExternalStore } from 'react';
