import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { assertTypedAnswer, typedAnswerRoutes, typedAnswerSerializer } from './typed-answer';

const schema = z.object({ id: z.string(), total: z.string().nullable() });
const serializer = (httpStatus: string) =>
  typedAnswerSerializer({ schema, method: 'GET', url: '/api/things', httpStatus });

describe('typedAnswerSerializer', () => {
  it('when a route answers 200, then the answer is written as built and the route is listed for the tests', () => {
    expect(serializer('200')({ id: 'a', total: null })).toBe('{"id":"a","total":null}');
    expect(typedAnswerRoutes.has('GET /api/things')).toBe(true);
  });

  it('when the status is not 200, then zod writes the answer in its schema’s order', () => {
    expect(serializer('404')({ total: null, id: 'a', extra: 1 })).toBe('{"id":"a","total":null}');
  });
});

describe('assertTypedAnswer', () => {
  const check = (answer: unknown) => () => assertTypedAnswer(schema, 'GET /api/things', answer);

  it('when an answer is what zod writes, then it passes', () => {
    expect(check({ id: 'a', total: '1.00' })).not.toThrow();
  });

  it('when an answer has its keys out of the schema’s order, then it is refused', () => {
    expect(check({ total: '1.00', id: 'a' })).toThrow(/not what its schema writes/);
  });

  it('when an answer carries a key the schema has not, then it is refused', () => {
    expect(check({ id: 'a', total: null, secret: 'x' })).toThrow(/not what its schema writes/);
  });

  it('when an answer does not conform, then it is refused', () => {
    expect(check({ id: 'a', total: 5 })).toThrow();
  });
});
