"""boardgym.train.ray_cluster: the one place Ray is started or joined; bad addresses are refused in words,
at once (Ray itself retries an address nothing answers at for about a minute)."""
import pytest

from boardgym.core.errors import ConfigError
from boardgym.train.ray_cluster import check_address, init_ray


@pytest.mark.parametrize("address", ["auto", "10.0.0.5:6379", "ray://head:10001", " auto "])
def test_addresses_accepted(address):
    assert check_address(address) == address.strip()


@pytest.mark.parametrize("address", ["", "head", "head:0", "head:port", "head:70000", 6379])
def test_addresses_refused_with_the_flag_named(address):
    with pytest.raises(ConfigError, match="--address"):
        check_address(address)


def test_nothing_listening_is_refused_before_ray_is_asked(monkeypatch):
    import ray

    def never(*a, **k):
        raise AssertionError("ray.init called for an address nothing listens at")

    monkeypatch.setattr(ray, "init", never)
    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    with pytest.raises(ConfigError, match="nothing answers there.*ray start --head"):
        init_ray("127.0.0.1:1")


def test_num_cpus_checked_and_not_mixed_with_an_address():
    with pytest.raises(ConfigError, match="num_cpus"):
        init_ray(None, num_cpus=0)
    with pytest.raises(ConfigError, match="num_cpus is set by the cluster"):
        init_ray("auto", num_cpus=2)
