"""A throwaway third game for the tests of the client's shape (tests/test_client_shape.py):
Pebbles, a tiny engine-shaped game (take one or two pebbles from a pile; who takes the last
wins) and its client package, declared like the real games' (``client.py``). Nothing of it is in
the shared client: the test hands the App a registry with it (``CLIENTS.with_games(CLIENT)``)."""
