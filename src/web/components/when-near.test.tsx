// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WhenNear } from './when-near.tsx';

/** An IntersectionObserver the test drives: it keeps what it was asked to watch, and how. */
class FakeObserver {
  static last: FakeObserver | undefined;
  readonly watched: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.last = this;
  }
  observe(element: Element) {
    this.watched.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  /** The browser says whether the watched place is now inside the (stretched) window. */
  report(isIntersecting: boolean) {
    const entries = this.watched.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

describe('a part of the page shown when the visitor comes near it', () => {
  beforeEach(() => {
    FakeObserver.last = undefined;
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('waits until its place is near the window or passed, then shows for good and stops watching', () => {
    render(
      <WhenNear margin="300px">
        <p>The technician</p>
      </WhenNear>,
    );
    expect(screen.queryByText('The technician')).toBeNull();
    const observer = FakeObserver.last as FakeObserver;
    // The window stretched far upwards (a place scrolled past counts) and `margin` below.
    expect(observer.options.rootMargin).toBe('100000px 0px 300px 0px');
    act(() => observer.report(false));
    expect(screen.queryByText('The technician')).toBeNull();
    act(() => observer.report(true));
    expect(screen.getByText('The technician')).toBeTruthy();
    expect(observer.disconnected).toBe(true);
  });

  it('holds its placeholder in the place meanwhile: text that must be there from the start', () => {
    render(
      <WhenNear placeholder={<p>The biography</p>}>
        <div>
          <p>The portrait</p>
          <p>The biography</p>
        </div>
      </WhenNear>,
    );
    expect(screen.getByText('The biography')).toBeTruthy();
    expect(screen.queryByText('The portrait')).toBeNull();
    act(() => FakeObserver.last?.report(true));
    expect(screen.getByText('The portrait')).toBeTruthy();
    expect(screen.getAllByText('The biography')).toHaveLength(1);
  });

  it('shows at once where the browser cannot tell', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenNear>
        <p>The ratings</p>
      </WhenNear>,
    );
    expect(screen.getByText('The ratings')).toBeTruthy();
  });
});
