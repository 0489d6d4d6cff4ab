import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from './Spinner';

describe('Spinner', () => {
  it('is announced as a loading status', () => {
    render(<Spinner />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
  });

  it('can say what is loading', () => {
    render(<Spinner label="Loading projects" />);
    expect(screen.getByRole('status', { name: 'Loading projects' })).toBeTruthy();
  });

  it('is made of four squares hidden from screen readers', () => {
    render(<Spinner />);
    const squares = screen.getByRole('status').children;
    expect(squares).toHaveLength(4);
    for (const square of Array.from(squares)) expect(square.getAttribute('aria-hidden')).toBe('true');
  });
});
