/** A search box bound to the address's `q` (back and reload show what was searched). */
import type { FormEvent, ReactNode } from 'react';
import { ADMIN_TEXT } from './texts';

export function SearchForm({
  id,
  value,
  placeholder,
  onSearch,
  children,
}: {
  id: string;
  value: string;
  placeholder: string;
  onSearch: (q: string) => void;
  children?: ReactNode;
}) {
  function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const q = new FormData(e.currentTarget).get('q');
    onSearch(typeof q === 'string' ? q.trim() : '');
  }
  return (
    <form className="adm-toolbar adm-search" role="search" onSubmit={handleSubmit}>
      <label className="visually-hidden" htmlFor={id}>
        {placeholder}
      </label>
      <input
        id={id}
        key={value}
        name="q"
        type="search"
        defaultValue={value}
        maxLength={100}
        placeholder={placeholder}
      />
      <button type="submit" className="btn btn-primary">
        {ADMIN_TEXT.search}
      </button>
      {children}
    </form>
  );
}
