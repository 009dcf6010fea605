/**
 * Imported first by every script, so that `.env.local` and `.env` are read before any
 * module reads a setting.
 */
import { loadEnvFiles } from '@/content/env-files';

loadEnvFiles();
