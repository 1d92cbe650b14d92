import { atom, computed } from 'nanostores';

/**
 * An open modal <dialog> sits in the browser's top layer and makes the rest of the page inert: a snackbar or toast
 * outside it would be hidden under the backdrop, unclickable and left out of the accessibility tree. Each open
 * Modal registers an empty host element inside itself; Snackbar and Toast render into the topmost one.
 */
const hosts = atom<readonly HTMLElement[]>([]);

export const modalLayerHost = computed(hosts, (list) => list.at(-1) ?? null);

export function registerModalLayerHost(host: HTMLElement): () => void {
  hosts.set([...hosts.get().filter((other) => other !== host), host]);
  return () => hosts.set(hosts.get().filter((other) => other !== host));
}
