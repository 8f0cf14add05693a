// Loads the embeddable API viewers (viewer-a, viewer-b, viewer-c) on pages that use them.
