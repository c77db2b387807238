import { describe, expect, it } from 'vitest';
import { Slots } from './slots.js';

const refused = () => new Error('brak miejsca');

describe('Slots', () => {
  it('gives places up to its size at once, then to the waiters in the order they came', async () => {
    const slots = new Slots(2);
    const first = await slots.take(1000, refused);
    await slots.take(1000, refused);
    expect(slots.state).toEqual({ used: 2, waiting: 0 });
    const order: string[] = [];
    const third = slots.take(1000, refused).then((release) => (order.push('third'), release));
    const fourth = slots.take(1000, refused).then((release) => (order.push('fourth'), release));
    expect(slots.state).toEqual({ used: 2, waiting: 2 });
    first();
    first(); // given back twice: counted once
    (await third)();
    await fourth;
    expect(order).toEqual(['third', 'fourth']);
    expect(slots.state).toEqual({ used: 2, waiting: 0 });
  });

  it('refuses a waiter whose time ran out, and the place then goes to the next one', async () => {
    const slots = new Slots(1);
    const held = await slots.take(1000, refused);
    await expect(slots.take(20, refused)).rejects.toThrow('brak miejsca');
    expect(slots.state).toEqual({ used: 1, waiting: 0 });
    const next = slots.take(1000, refused);
    held();
    const release = await next;
    release();
    expect(slots.state).toEqual({ used: 0, waiting: 0 });
  });
});
