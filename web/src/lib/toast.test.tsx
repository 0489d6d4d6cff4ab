import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast, ToastContainer } from './toast';

describe('toasts', () => {
  it('shows one toast per message at a time, however often it is sent, and different messages apart', async () => {
    render(<ToastContainer position="top-right" autoClose={false} />);
    act(() => {
      toast.error('Could not save. Try again.');
      toast.error('Could not save. Try again.');
      toast.success('Saved.');
    });
    expect(await screen.findByText('Saved.')).toBeTruthy();
    act(() => toast.error('Could not save. Try again.'));
    expect(await screen.findAllByText('Could not save. Try again.')).toHaveLength(1);
    expect(screen.getAllByRole('alert')).toHaveLength(2);
  });
});
