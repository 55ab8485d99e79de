// Search with autocomplete: suggestions appear as the shopper types (after a short pause, two
// characters at least: the API's minimum), with arrow keys and Enter to pick one. A suggestion
// with a category goes straight to that category's matching products.
import { useQuery } from '@tanstack/react-query';
import type { AutocompleteEntry } from 'price-catalog';
import { useEffect, useId, useState } from 'react';
import { q } from './client.js';
import { navigate } from './route.js';

function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function targetOf(entry: AutocompleteEntry): string {
  return entry.d
    ? `/c/${entry.d.id}?q=${encodeURIComponent(entry.k)}`
    : `/search?q=${encodeURIComponent(entry.k)}`;
}

/** The suggestion with the part the shopper has not typed yet in bold (from index `i`). */
function Suggestion(props: { entry: AutocompleteEntry }) {
  const { k, i, d } = props.entry;
  const at = typeof i === 'number' && i >= 0 && i <= k.length ? i : k.length;
  return (
    <>
      <span>
        {k.slice(0, at)}
        <b>{k.slice(at)}</b>
      </span>
      {d && <span className="muted small"> in {d.n}</span>}
    </>
  );
}

export function SearchBox(props: { initial: string }) {
  const [text, setText] = useState(props.initial);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const settled = useSettled(text.trim(), 200);
  const suggestions = useQuery({
    ...q.catalog.autocomplete({ q: settled }),
    enabled: open && settled.length >= 2,
    placeholderData: (previous) => previous,
  });
  const entries = (settled.length >= 2 && suggestions.data) || [];
  useEffect(() => setText(props.initial), [props.initial]);

  const go = (to: string) => {
    setOpen(false);
    setActive(-1);
    navigate(to);
  };
  const submit = () => {
    const picked = entries[active];
    if (picked) go(targetOf(picked));
    else if (text.trim().length >= 2) go(`/search?q=${encodeURIComponent(text.trim())}`);
  };
  return (
    <form
      className="search"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <input
        type="search"
        role="combobox"
        data-testid="search"
        placeholder="Search products, brands, categories"
        aria-label="Search"
        aria-autocomplete="list"
        aria-controls={listId}
        aria-expanded={open && entries.length > 0}
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') setActive((at) => Math.min(entries.length - 1, at + 1));
          else if (event.key === 'ArrowUp') setActive((at) => Math.max(-1, at - 1));
          else if (event.key === 'Escape') setOpen(false);
          else return;
          event.preventDefault();
        }}
      />
      <button type="submit">Search</button>
      {open && entries.length > 0 && (
        <div className="suggestions" id={listId} role="listbox" data-testid="suggestions">
          {entries.map((entry, index) => (
            <div
              key={`${entry.k} ${entry.d?.id ?? ''}`}
              id={`${listId}-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className={index === active ? 'active' : undefined}
              onMouseDown={(event) => {
                event.preventDefault();
                go(targetOf(entry));
              }}
            >
              <Suggestion entry={entry} />
            </div>
          ))}
        </div>
      )}
    </form>
  );
}
