/**
 * "Je veux rencontrer" (issue 18): the choice is kept on this device, read back as the filter
 * each request sends (nothing for everybody), and forgotten with the session on a shared phone.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { SEEKING_STORAGE_KEY } from '@app/shared';
import { clearSession, setToken } from '../auth/session';
import { readSeeking, seekingParam } from '../lib/seeking/seeking';
import { SeekingChoice } from './SeekingChoice';

beforeEach(() => localStorage.clear());

describe('SeekingChoice', () => {
  it('starts at everybody and sends no filter', () => {
    render(<SeekingChoice />);
    expect(screen.getByRole('radio', { name: 'Tout le monde' })).toBeChecked();
    expect(seekingParam()).toBeUndefined();
  });

  it('keeps the choice on the device and sends it as the filter', async () => {
    render(<SeekingChoice />);
    await userEvent.click(screen.getByRole('radio', { name: 'Des hommes' }));
    expect(screen.getByRole('radio', { name: 'Des hommes' })).toBeChecked();
    expect(localStorage.getItem(SEEKING_STORAGE_KEY)).toBe('homme');
    expect(seekingParam()).toBe('homme');
    await userEvent.click(screen.getByRole('radio', { name: 'Des femmes' }));
    expect(seekingParam()).toBe('femme');
    await userEvent.click(screen.getByRole('radio', { name: 'Tout le monde' }));
    expect(localStorage.getItem(SEEKING_STORAGE_KEY)).toBeNull();
    expect(seekingParam()).toBeUndefined();
  });

  it('reads a damaged value as everybody', () => {
    localStorage.setItem(SEEKING_STORAGE_KEY, 'robots');
    expect(readSeeking()).toBe('tous');
  });

  it('forgets the choice when the session ends', async () => {
    setToken('jeton');
    render(<SeekingChoice />);
    await userEvent.click(screen.getByRole('radio', { name: 'Des femmes' }));
    clearSession();
    expect(localStorage.getItem(SEEKING_STORAGE_KEY)).toBeNull();
    expect(readSeeking()).toBe('tous');
  });
});
