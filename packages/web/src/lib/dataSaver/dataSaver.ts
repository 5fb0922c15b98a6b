/**
 * « Économie de données » (issue 19): photos stay thumbnails until the member taps them. Kept on
 * this device (lib/deviceSetting); without a choice, it follows the browser's own data saver.
 */
import { deviceSetting } from '../deviceSetting';
import { connectionOf } from './connection';

const KEY = 'data_saver';

type Choice = 'on' | 'off';

const browserSavesData = (): boolean => connectionOf()?.saveData === true;

const setting = deviceSetting<Choice>(
  KEY,
  (stored) => (stored === 'on' || stored === 'off' ? stored : null),
  () => (browserSavesData() ? 'on' : 'off'),
);

export const useDataSaver = (): boolean => setting.use() === 'on';
/** The same choice read once, outside a render (an upload being prepared). */
export const savingData = (): boolean => setting.read() === 'on';
export const setDataSaver = (on: boolean) => setting.save(on ? 'on' : 'off');
