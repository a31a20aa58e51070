import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Answer } from '#shared/contract/submissions';
import { answerText, answerView, sanitizeHtml } from './answer-format.ts';
import { AnswersList } from './answers-list.tsx';

const XSS = '<p>The strap came off during the <b>first</b> treatment.</p><img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';

let order = 0;
const a = (type: string, text: string, extra: Partial<Answer> = {}): Answer => ({ qid: String(++order), order, name: text, type, text, ...extra });

const answers: Answer[] = [
  a('control_head', 'Reporter Information'),
  a('control_fullname', 'Full Name', { answer: { first: 'Ada', last: 'Lovelace' }, prettyFormat: 'Ada Lovelace' }),
  a('control_address', 'Address', { answer: { addr_line1: '1 Main St', city: 'Springfield', state: 'IL' } }),
  a('control_checkbox', 'What happened?', { answer: ['Device malfunction', 'Injury'] }),
  a('control_textbox', 'Lot Number', { answer: '' }),
  a('control_fileupload', 'Photos'),
  a('control_head', 'Complaint Details'),
  a('control_textarea', 'Timeline', { answer: XSS, prettyFormat: XSS }),
  a('control_captcha', 'Please verify that you are human', { answer: 'ok' }),
  a('control_button', 'Submit'),
];

describe('AnswersList', () => {
  it('shows headings as section titles, in question order, and hides captcha and button', () => {
    render(<AnswersList answers={[...answers].reverse()} />);
    const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(['Reporter Information', 'Complaint Details']);
    expect(screen.getAllByRole('term').map((t) => t.textContent)).toEqual(['Full Name', 'Address', 'What happened?', 'Lot Number', 'Photos', 'Timeline']);
    expect(screen.queryByText('Please verify that you are human')).toBeNull();
    expect(screen.queryByText('Submit')).toBeNull();
  });

  it('joins object and array answers with commas and says when there is no answer', () => {
    render(<AnswersList answers={answers} />);
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('1 Main St, Springfield, IL')).toBeInTheDocument();
    expect(screen.getByText('Device malfunction, Injury')).toBeInTheDocument();
    expect(screen.getAllByText('No answer provided')).toHaveLength(2);
  });

  it('shows a date answer year first (YYYY-MM-DD, a time in 24 hours), not in the form’s month-first prettyFormat', () => {
    render(
      <AnswersList
        answers={[
          a('control_datetime', 'Date of the event', { answer: { month: '11', day: '26', year: '2026', datetime: '2026-11-26 00:00:00' }, prettyFormat: '11-26-2026' }),
          a('control_datetime', 'Time noticed', { answer: { month: '11', day: '26', year: '2026', hour: '01', min: '53', ampm: 'PM' }, prettyFormat: '11-26-2026 01:53 PM' }),
        ]}
      />,
    );
    expect(screen.getByText('Date of the event').nextElementSibling).toHaveTextContent(/^2026-11-26$/);
    expect(screen.getByText('Time noticed').nextElementSibling).toHaveTextContent(/^2026-11-26 13:53$/);
    expect(screen.queryByText(/11-26-2026/)).toBeNull();
  });

  it('renders prettyFormat HTML sanitised: the text stays, no script and no event handler reach the DOM', () => {
    const { container } = render(<AnswersList answers={answers} />);
    const timeline = screen.getByText('Timeline').parentElement!;
    expect(within(timeline).getByText('first').tagName).toBe('B');
    expect(timeline).toHaveTextContent('The strap came off during the first treatment.');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.innerHTML).not.toContain('__xss');
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
  });
});

describe('answer formatting', () => {
  it('strips scripts, handlers and javascript: links, and opens links safely', () => {
    const clean = sanitizeHtml('<a href="javascript:alert(1)">x</a><a href="https://example.com/f.jpg">f.jpg</a><svg onload="alert(1)"></svg><p style="position:fixed">t</p>');
    expect(clean).not.toMatch(/javascript:|onload|<svg|style=/);
    expect(clean).toContain('<a href="https://example.com/f.jpg" target="_blank" rel="noopener noreferrer nofollow">f.jpg</a>');
  });

  it('falls back to the answer when prettyFormat holds nothing readable', () => {
    expect(answerView({ prettyFormat: '<img src=x onerror="alert(1)">', answer: 'typed text' })).toEqual({ kind: 'text', text: 'typed text' });
    expect(answerView({ prettyFormat: '   ', answer: undefined })).toEqual({ kind: 'empty' });
    expect(answerView({ answer: ['', '  '] })).toEqual({ kind: 'empty' });
  });

  it('flattens nested values', () => {
    expect(answerText({ row1: 'Mild', row2: ['A', 'B'], row3: 3, row4: null })).toBe('Mild, A, B, 3');
  });
});
