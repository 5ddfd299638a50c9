// Gives the web tests a spec-compliant IndexedDB in Node, so Dexie runs unmodified.
import 'fake-indexeddb/auto';
