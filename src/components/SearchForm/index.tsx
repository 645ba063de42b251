/**
 * The labelled search box with its Search button, as on /search/ and the not-found page. Without
 * JavaScript the form still works: it submits `q` to `action` (the search page).
 */
import React, {useId, type FormEvent, type FormEventHandler, type ReactNode, type Ref} from 'react';
import styles from './styles.module.css';

interface Props {
  /**
   * The field's text, with `onChange`. Without them the field keeps what is typed into it by
   * itself: the search page's server shell, which the page reads as it takes over.
   */
  value?: string;
  onChange?: (value: string) => void;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** Called on every keystroke before onChange (the search page times its results from here). */
  onInput?: FormEventHandler<HTMLInputElement>;
  /** Where the form goes without JavaScript. */
  action?: string;
  className?: string;
  /** The text field, for a page that moves focus into it. */
  inputRef?: Ref<HTMLInputElement>;
}

export default function SearchForm({
  value,
  onChange,
  onSubmit,
  onInput,
  action,
  className,
  inputRef,
}: Props): ReactNode {
  const inputId = useId();
  return (
    <form role="search" action={action} method="get" onSubmit={onSubmit} className={className}>
      <label htmlFor={inputId} className={styles.label}>
        Search the conda-forge website
      </label>
      <div className={styles.row}>
        <input
          ref={inputRef}
          id={inputId}
          className={`cf-input ${styles.input}`}
          type="search"
          name="q"
          {...(value === undefined ? {defaultValue: ''} : {value, onChange: (event) => onChange?.(event.target.value)})}
          autoComplete="off"
          onInput={onInput}
        />
        <button type="submit" className={`button button--primary ${styles.submit}`}>
          Search
        </button>
      </div>
    </form>
  );
}
