import pytest

from .scripted import Script, test_pack


@pytest.fixture(scope="session")
def pack(tmp_path_factory):
    return test_pack(tmp_path_factory.mktemp("paleo"))


@pytest.fixture
def xs(pack):
    """Two groups, base + test module X (no removal), chance seeded."""
    def make(n=2, modules=("X",), seed=0, **kw):
        return Script.start(seed=seed, modules=list(modules), content_pack=pack, num_groups=n, **kw)
    return make
