/**
 * Answers written out once. A route that hands back the very same answer object again (a
 * remembered one: the own profile, profile-cache.ts) marks it with `unchangingAnswer`, which
 * freezes it whole; the app's serializer checks such an object against the route's response
 * schema and writes it the first time only, then reuses that text. Every other answer goes
 * through the schema each time, as before.
 */
import type { FastifySerializerCompiler } from 'fastify';

const unchanging = new WeakSet<object>();

function freezeWhole(value: unknown) {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const inner of Object.values(value)) freezeWhole(inner);
}

/** Freezes `answer` and everything in it, and marks it for writing once per route. */
export function unchangingAnswer<T extends object>(answer: T): T {
  freezeWhole(answer);
  unchanging.add(answer);
  return answer;
}

/** `compile`'s serializers, reusing the text of an answer marked by `unchangingAnswer`. */
export function writingUnchangingOnce<S>(
  compile: FastifySerializerCompiler<S>,
): FastifySerializerCompiler<S> {
  return (route) => {
    const serialize = compile(route);
    const written = new WeakMap<object, string>();
    return (data: unknown) => {
      if (typeof data !== 'object' || data === null || !unchanging.has(data)) {
        return serialize(data);
      }
      let text = written.get(data);
      if (text === undefined) {
        text = serialize(data);
        written.set(data, text);
      }
      return text;
    };
  };
}
