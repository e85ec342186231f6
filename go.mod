module github.com/permsim/permsim

go 1.26
