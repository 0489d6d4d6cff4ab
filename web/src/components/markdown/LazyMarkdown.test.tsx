// @vitest-environment jsdom
// The renderer sanitises with DOMPurify, which needs a faithful DOM (see render-markdown.test.ts).
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LazyMarkdown } from './LazyMarkdown';

// The test setup has every lazy component's code loaded: what shows is what LazyMarkdown chose to render.
describe('LazyMarkdown', () => {
  it('shows text without Markdown as typed, line breaks included, not through the renderer', () => {
    render(<LazyMarkdown source={'Rust tools for the command line.\nBeginners welcome.'} />);
    const paragraph = screen.getByText(/Rust tools for the command line/);
    expect(paragraph.tagName).toBe('P');
    expect(paragraph.textContent).toBe('Rust tools for the command line.\nBeginners welcome.');
    // The renderer would have broken the line with a <br>.
    expect(paragraph.querySelector('br')).toBeNull();
  });

  it('renders Markdown through the renderer', async () => {
    render(<LazyMarkdown source={'We need:\n\n- a **designer**'} />);
    expect(await screen.findByRole('listitem')).toBeTruthy();
    expect(screen.getByText('designer').tagName).toBe('STRONG');
  });
});
