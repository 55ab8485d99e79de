import type { ReactNode } from 'react';
import { follow } from './route.js';

/** An in-app link: a real <a href>, followed without reloading the page. */
export function Link(props: { to: string; className?: string; children: ReactNode; testId?: string }) {
  return (
    <a
      href={props.to}
      className={props.className}
      data-testid={props.testId}
      onClick={(event) => follow(event, props.to)}
    >
      {props.children}
    </a>
  );
}
