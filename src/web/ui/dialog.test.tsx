import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Modal } from './dialog.tsx';

/**
 * A browser's CSS transitions, as far as a dialog's opening needs them: an element whose
 * `data-closed` changes starts a transition, and one changed back while its transition runs cancels
 * it (its `finished` rejects) and runs the reverse. jsdom draws nothing, so it has none.
 */
class FakeTransition {
  playState: 'running' | 'finished' | 'idle' = 'running';
  readonly finished: Promise<void>;
  private settle!: { resolve: () => void; reject: (e: Error) => void };
  constructor() {
    this.finished = new Promise((resolve, reject) => (this.settle = { resolve, reject }));
    this.finished.catch(() => undefined);
  }
  cancel() {
    this.playState = 'idle';
    this.settle.reject(new Error('AbortError'));
  }
  finish() {
    this.playState = 'finished';
    this.settle.resolve();
  }
}

const running = new Map<Element, FakeTransition>();
let observer: MutationObserver;
// jsdom has none; Headless UI puts one in under test, which stays once the test is over.
const originalGetAnimations = (Element.prototype as Partial<Element>).getAnimations;
/** Animation frames run only when the test says: the order of a frame and React's render is the point. */
let frames = new Map<number, FrameRequestCallback>();
let lastFrame = 0;
const runFrames = () => {
  const due = [...frames.values()];
  frames = new Map();
  for (const frame of due) frame(performance.now());
};

beforeEach(() => {
  vi.stubGlobal('CSSTransition', FakeTransition);
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => {
    frames.set(++lastFrame, cb);
    return lastFrame;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
  Element.prototype.getAnimations = function (this: Element) {
    const transition = running.get(this);
    return (transition && transition.playState !== 'idle' ? [transition] : []) as unknown as Animation[];
  };
  observer = new MutationObserver((changes) => {
    for (const { target } of changes) {
      if (!(target instanceof Element) || !target.className.toString().includes('transition')) continue;
      running.get(target)?.cancel();
      running.set(target, new FakeTransition());
    }
  });
  observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-closed'] });
});

afterEach(() => {
  observer.disconnect();
  running.clear();
  frames = new Map();
  if (originalGetAnimations) Element.prototype.getAnimations = originalGetAnimations;
  else delete (Element.prototype as Partial<Element>).getAnimations;
});

function Subject({ open }: { open: boolean }) {
  return (
    <Modal open={open} onClose={() => undefined} title="Add User">
      <p>Body</p>
    </Modal>
  );
}

describe('Modal', () => {
  it('closed while it is still opening, it is gone once the screen settles, not left open over the page', async () => {
    const view = render(<Subject open />);
    // Opening: a few frames, each drawn before the next, and its transitions under way.
    for (let i = 0; i < 6; i++) await act(async () => runFrames());
    expect(screen.getByRole('dialog', { name: 'Add User' })).toBeInTheDocument();

    // Closed before its opening transition ends (Cancel or Escape pressed at once), on a busy
    // machine where the next frames come before React has drawn the change.
    view.rerender(<Subject open={false} />);
    await act(async () => {
      runFrames();
      runFrames();
      runFrames();
    });
    // Then every transition ends and the frames go on.
    await act(async () => {
      for (const transition of running.values()) if (transition.playState === 'running') transition.finish();
    });
    for (let i = 0; i < 6; i++) await act(async () => runFrames());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
