import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { lazyNamed } from './lazy-named';

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

describe('lazyNamed', () => {
  it('renders the named export once its module has loaded, the fallback until then', async () => {
    let loaded!: (module: { Greeting: typeof Greeting; other: number }) => void;
    const load = jest.fn(
      () => new Promise<{ Greeting: typeof Greeting; other: number }>((done) => (loaded = done)),
    );
    const LazyGreeting = lazyNamed(load, 'Greeting');
    expect(load).not.toHaveBeenCalled();

    render(
      <Suspense fallback={<p>Loading</p>}>
        <LazyGreeting name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);

    loaded({ Greeting, other: 1 });
    expect(await screen.findByText('Hello, Ada')).toBeInTheDocument();
  });
});
