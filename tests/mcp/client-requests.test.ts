/** The broker that holds a server's questions for the user, and the check of form answers. */
import { describe, expect, it } from 'vitest';
import { ClientRequestBroker } from '../../src/main/mcp/client-requests';
import { elicitationProblem } from '../../src/main/mcp/elicitation';

describe('ClientRequestBroker', () => {
  const question = { server: 's', kind: 'elicitUrl' as const, message: 'm', url: 'https://example.com' };

  it('answers "cancel" when nobody answers in time, and says when an answer comes too late', async () => {
    const settled: string[] = [];
    const broker = new ClientRequestBroker({ added: () => {}, settled: (id) => settled.push(id) }, 50);
    const answer = broker.ask(question);
    const id = broker.pending()[0].id;
    expect(await answer).toEqual({ action: 'cancel' });
    expect(settled).toEqual([id]);
    expect(broker.answer(id, { action: 'accept' })).toBe(false);
    expect(broker.pending()).toEqual([]);
  });

  it('answers "cancel" when the server withdraws the request (its signal aborts)', async () => {
    const broker = new ClientRequestBroker({ added: () => {}, settled: () => {} });
    const controller = new AbortController();
    const answer = broker.ask(question, controller.signal);
    controller.abort();
    expect(await answer).toEqual({ action: 'cancel' });
    expect(broker.pending()).toEqual([]);
  });

  it('passes the user’s answer on once', async () => {
    const added: string[] = [];
    const broker = new ClientRequestBroker({ added: (r) => added.push(r.id), settled: () => {} });
    const answer = broker.ask(question);
    expect(broker.answer(added[0], { action: 'decline' })).toBe(true);
    expect(broker.answer(added[0], { action: 'accept' })).toBe(false);
    expect(await answer).toEqual({ action: 'decline' });
  });
});

describe('elicitationProblem', () => {
  const schema = {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 2 },
      age: { type: 'integer', minimum: 18, maximum: 120 },
      plan: { type: 'string', enum: ['basic', 'pro'] },
      agree: { type: 'boolean' },
      email: { type: 'string', format: 'email' },
    },
    required: ['name', 'agree'],
  };
  it.each([
    [{ name: 'Ada', agree: true }, null],
    [{ agree: true }, '"name" is required'],
    [{ name: 'A', agree: true }, '"name" must have at least 2 characters'],
    [{ name: 'Ada', agree: true, age: 17 }, '"age" must be at least 18'],
    [{ name: 'Ada', agree: true, age: 30.5 }, '"age" must be a whole number'],
    [{ name: 'Ada', agree: true, plan: 'gold' }, '"plan" must be one of "basic", "pro"'],
    [{ name: 'Ada', agree: 'yes' }, '"agree" must be true or false'],
    [{ name: 'Ada', agree: true, email: 'ada@' }, '"email" must be an email address'],
    [{ name: 'Ada', agree: true, password: 'x' }, '"password" was not asked for'],
  ])('%j → %s', (content, problem) => {
    expect(elicitationProblem(schema, content)).toBe(problem);
  });
});
