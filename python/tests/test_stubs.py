"""The type stubs describe the native module as it is, and everything has a docstring."""

import ast
import inspect
from pathlib import Path

import grundy
import grundy._grundy as native


def stub_tree():
    path = Path(native.__file__).with_name("_grundy.pyi")
    assert path.exists(), "the stubs are installed beside the native module"
    return ast.parse(path.read_text())


def stubbed_names(body):
    names = set()
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


def public(names):
    return {name for name in names if not name.startswith("__")}


def test_the_package_is_typed():
    assert (Path(grundy.__file__).parent / "py.typed").exists()


def test_every_name_of_the_module_is_stubbed_and_no_other():
    tree = stub_tree()
    module_names = public(name for name in dir(native) if not name.startswith("__"))
    assert stubbed_names(tree.body) == module_names


def test_every_member_of_every_class_is_stubbed_and_no_other():
    classes = {node.name: node for node in stub_tree().body if isinstance(node, ast.ClassDef)}
    for name, node in classes.items():
        runtime = getattr(native, name)
        members = {member for member in vars(runtime) if not member.startswith("_")}
        stubbed = {member for member in stubbed_names(node.body) if not member.startswith("_")}
        assert stubbed == members, name


def test_every_public_object_has_a_docstring():
    for name in grundy.__all__:
        obj = getattr(grundy, name)
        if inspect.isclass(obj) or callable(obj):
            assert obj.__doc__ and obj.__doc__.strip(), name
        if inspect.isclass(obj):
            for member, value in vars(obj).items():
                if not member.startswith("_"):
                    assert value.__doc__ and value.__doc__.strip(), f"{name}.{member}"
