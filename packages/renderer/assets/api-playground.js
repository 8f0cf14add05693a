// The try-it form of API reference pages.
